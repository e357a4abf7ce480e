/** Why this browser is not in, and the one command that fixes it. */
export function LoginProblem({ title, detail }: { title: string; detail: string }) {
  return (
    <main class="login-problem" data-testid="login-problem">
      <h1>{title}</h1>
      <p>{detail}</p>
      <p>In a terminal on the machine running Parapet, run:</p>
      <pre>
        <code>npx parapet web</code>
      </pre>
      <p class="muted">It prints a new link that logs this browser in once. Links expire after 15 minutes; each works one time only.</p>
    </main>
  );
}
