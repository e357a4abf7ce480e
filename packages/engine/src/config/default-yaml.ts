import { DEFAULT_MAX_ROUNDS } from '@parapet/wire';

/** The commented config.yaml `parapet init` writes; every value shown is the default. */
export function defaultConfigYaml(): string {
  return `# Parapet configuration. Unknown keys are errors.
# Environment overrides: PARAPET_HOME, PARAPET_LLM_BASE_URL, PARAPET_LLM_MODEL.

# The model. Without an llm section (and without the overrides above) Parapet starts in
# demo mode with a built-in scripted model, so you can watch the pipeline with no API key.
# Any OpenAI-compatible endpoint works: OpenAI, Ollama, vLLM, llama.cpp server, LM Studio.
# llm:
#   base_url: https://api.openai.com/v1
#   model: gpt-4o-mini
#   api_key_env: OPENAI_API_KEY   # the NAME of the variable holding the key, never the key
#   timeout_ms: 60000
#   max_retries: 3                # retries of a call after a timeout, 429 or 5xx (never after a 400)
#   fallbacks:                    # tried in order when the model above fails or its circuit is open
#     - base_url: http://127.0.0.1:11434/v1
#       model: llama3.1

# The folder the agent works in (relative paths are relative to $PARAPET_HOME).
# workspace: workspace

shield:
  # default | permissive | strict | path/to/policy.yaml
  policy: default
  # Lowest Shield tier allowed to ALLOW an action (0 policy, 1 heuristics, 2 LLM, 3 human).
  min_tier: 0
  # Actions a minute the Shield lets through; more are blocked (stops a runaway or hijacked loop).
  rate_limit_per_minute: 600
  # Tier 3: what the Shield escalates is asked of you in \`parapet chat\`, \`send\` on a terminal,
  # or \`parapet approvals --watch\`; no answer in time denies.
  approvals:
    enabled: true
    timeout_ms: 300000
    # questions one session may ask per hour; past it they are denied
    hourly_cap: 30
  # Tier 2 (optional): an LLM judges escalations before a human is asked. The engine calls it
  # itself; the agent never sees this traffic.
  # evaluator:
  #   base_url: https://api.openai.com/v1
  #   model: gpt-4o-mini
  #   api_key_env: OPENAI_API_KEY
  #   timeout_ms: 20000
  #   daily_budget: 500          # evaluator calls per UTC day
  #   requests_per_minute: 20
  #   fallback: ESCALATE         # when the budget or rate is spent: ESCALATE (ask a human) or BLOCK
  # SHA-256 of the prompt-injection model \`parapet models pull\` installed (it prints both); the
  # engine loads that model only when these match, and refuses to start when they do not.
  # classifier:
  #   model_sha256: <64 hex digits>
  #   tokenizer_sha256: <64 hex digits>

agent:
  # Reasoning rounds per message before the turn stops.
  max_rounds: ${DEFAULT_MAX_ROUNDS}
  # Tool calls of one model reply that run; the rest are refused and audited.
  max_tool_calls_per_reply: 16
  # strict refuses an agent whose sandbox probes succeed; weak runs it anyway (documented risk).
  sandbox: strict
  # false runs the agent without its own network namespace: strict mode then refuses it, weak
  # mode runs it with network access (only to see what the layer changes).
  network_namespace: true

# Turns of different sessions run side by side; the turns of one session stay in order.
concurrency:
  # Turns running at once across the daemon; more wait for a free place (clients see "queued").
  max_turns: 64
  # Sub-agents (the agents group's spawn_agent) one turn may run at once.
  max_children: 4

# Sizes in bytes (and one time). The upper bounds keep every message, history page and event readable.
limits:
  # Largest message a client may send (at most 1048576).
  max_message_bytes: 262144
  # Longest reply (and its thoughts) stored per message; longer ones are cut with a marker (4096–1048576).
  max_stored_message_bytes: 1048576
  # How much of a bad input an error message quotes back (16–4096).
  max_echo_bytes: 200
  # Events waiting for a client that stopped reading before its stream is dropped (65536–268435456).
  subscriber_queue_bytes: 8388608
  # Milliseconds a client may read nothing while events wait for it before its stream is dropped.
  stalled_client_ms: 30000

# Undo history: a copy of what each action may change, kept in $PARAPET_HOME/chronicle
# (parapet chronicle list, parapet chronicle rollback ID). The oldest snapshots go first past either limit.
chronicle:
  max_bytes: 1073741824
  max_age_days: 30

# http_request is made by the engine. Loopback, private and link-local addresses are refused unless
# you name the host here (host or host:port); cloud metadata addresses are refused always.
http:
  allow_private_hosts: []
  # Names answered without DNS, e.g. {intranet.lan: 10.0.0.5} (still checked like any address).
  hosts: {}
  timeout_ms: 15000
  max_response_bytes: 1048576
  max_redirects: 5

# Shell and git commands run in their own network namespace with no route out. \`proxy\` gives them
# one way out: an HTTP(S) proxy run by the engine (HTTP_PROXY/HTTPS_PROXY are set for them) that
# checks every host like http_request does (the http: rules above) and asks the Shield about it;
# only hosts your policy allows are reached, and every connection is audited.
commands:
  network: off

# The web UI: \`parapet web\` prints a one-time login link.
web:
  enabled: true
  # port: 7150   (absent: 7150, or a free port when it is taken)
  # Another address than loopback needs tls: {cert_file, key_file} (or allow_insecure_remote: true).
  bind: 127.0.0.1

# Logs: JSON lines in $PARAPET_HOME/logs/engine.N.log (rotated), human lines on the terminal.
log:
  # fatal | error | warn | info | debug | trace | silent (parapet start --log-level overrides)
  level: info
  max_file_kb: 10240
  keep_files: 5

# Telegram bot (see the README): uncomment, put the token from @BotFather in the variable, list your user id.
# telegram:
#   token_env: PARAPET_TELEGRAM_TOKEN   # the NAME of the variable holding the bot token, never the token
#   allowed_user_ids: [123456789]      # nobody else may talk to the bot; empty: the bot does not start
#   allow_groups: false                # true: allowed users may also talk to it in group chats
#   api_root: https://api.telegram.org # a self-hosted Bot API server instead

# Guardrails on the conversation (all off by default).
# guardrails:
#   max_input_chars: 20000        # a longer message is refused before it is stored
#   pii:
#     mode: redact                # off | redact | block: e-mail, phone, card (Luhn), IBAN (checksum)
#     kinds: [email, phone, card, iban]
#   max_turn_tokens: 50000        # a turn past it ends with a message
#   forbidden_terms: []           # withheld from the model's answers, any case
`;
}
