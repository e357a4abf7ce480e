import { useEffect, useState } from 'preact/hooks';
import type { Status__Output } from '@parapet/wire/messages';
import type { CallError, Connection } from './connection.js';

function Row({ name, value }: { name: string; value: string | number | boolean }) {
  const shown = typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>{shown}</td>
    </tr>
  );
}

/** Engine, agent and executor processes, the sandbox layers in force, the model and the Shield's tiers. */
export function StatusView({ connection }: { connection: Connection }) {
  const [status, setStatus] = useState<Status__Output | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const load = (): void => {
    connection.call('GetStatus').then(
      (response) => setStatus(response as unknown as Status__Output),
      (error: CallError) => setProblem(`${error.code}: ${error.message}`),
    );
  };
  useEffect(load, [connection]);
  if (problem) return <section class="panel"><p class="problem">{problem}</p></section>;
  if (!status) return <section class="panel"><p class="muted">Loading…</p></section>;
  const { engine, agent, executor, sandbox, model, shield } = status;
  return (
    <section class="panel status" aria-label="Status">
      <h2>Status</h2>
      <button type="button" onClick={load}>Refresh</button>
      <div class="cards">
        <table>
          <caption>Engine</caption>
          <tbody>
            <Row name="pid" value={engine?.pid ?? 0} />
            <Row name="version" value={engine?.version ?? ''} />
            <Row name="uptime" value={`${Math.round((engine?.uptime_ms ?? 0) / 1000)} s`} />
            <Row name="workspace" value={engine?.workspace ?? ''} />
          </tbody>
        </table>
        <table>
          <caption>Agent</caption>
          <tbody>
            <Row name="state" value={`${agent?.state ?? '?'}${agent?.degraded ? ' (DEGRADED)' : ''}`} />
            <Row name="pid" value={agent?.pid ?? 0} />
            <Row name="restarts" value={agent?.restarts ?? 0} />
            {agent?.last_error ? <Row name="last error" value={agent.last_error} /> : null}
          </tbody>
        </table>
        <table>
          <caption>Executor</caption>
          <tbody>
            <Row name="ready" value={executor?.ready ?? false} />
            <Row name="pid" value={executor?.pid ?? 0} />
            <Row name="confined" value={sandbox?.executor_confined ?? false} />
          </tbody>
        </table>
        <table>
          <caption>Sandbox ({sandbox?.mode ?? '?'})</caption>
          <tbody>
            <Row name="permission model" value={sandbox?.permission_model ?? false} />
            <Row name="network namespace" value={sandbox?.network_namespace ?? false} />
            <Row name="empty environment" value={sandbox?.empty_environment ?? false} />
            <Row name="missing layers" value={sandbox?.missing.join(', ') || 'none'} />
          </tbody>
        </table>
        <table>
          <caption>Model</caption>
          <tbody>
            <Row name="model" value={`${model?.model ?? ''}${model?.demo ? ' (demo)' : ''}`} />
            <Row name="endpoint" value={model?.base_url ?? ''} />
            {model?.demo
              ? null
              : (status.models ?? []).map((route) => (
                  <Row
                    name={`${route.role} ${route.model}`}
                    value={`circuit ${route.state}${route.open_until ? ` until ${route.open_until}` : ''}${route.consecutive_failures > 0 ? ` · ${route.consecutive_failures} failures in a row` : ''}`}
                  />
                ))}
          </tbody>
        </table>
        <table>
          <caption>Shield (policy {shield?.policy ?? '?'})</caption>
          <tbody>
            {(shield?.tiers ?? []).map((tier) => (
              <Row name={`tier ${tier.tier} ${tier.name}`} value={`${tier.available ? 'active' : 'off'}${tier.detail ? ` — ${tier.detail}` : ''}`} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
