/** The part of docs/BENCHMARKS.md under the table: what each row measures, and what explains it. */
import { BENCH_N8N_VERSION } from './n8nRuntime';

export const READING_THE_FIGURES = `## Reading the figures

- **Overhead** compares the Pay node with **the least any n8n node does** for the same requests
  (\`bench/floorNode.ts\`): a node that reads the same parameters and makes one request per item
  through n8n's \`httpRequestWithAuthentication\` with the same credential (read once), with no
  validation, idempotency key, retry, ledger or normalised output. The figure is CPU time of the
  benchmark's process (the sandbox runs in its own): on the machine it ran on, wall times of the same
  run varied by half from round to round, CPU times by about a tenth, and the CPU time of the same
  work drifted by a fifth from minute to minute; so each round runs both nodes back to back and
  gives one ratio, and the figure is the median of the rounds' ratios. The rounds are many and
  short (45 of 200 requests): with nine rounds of 1,000 the figure for create with fixed fields
  went from 0.92× to 1.14× between runs of the same code. Every case is run four times before any
  is measured, as the case measured first otherwise met less optimised code than those after it.
  And each run pays for collecting its own young garbage, not the garbage of the run before it (a
  minor collection before the run, untimed, and one at its end, timed), which narrowed the spread
  of the rounds' ratios by about half (with all three, two runs of the same code gave 0.94× and
  0.96× for create with fixed fields). Each node runs at its default: the Pay node 10 items at a
  time for creations and reads, the reference node one at a time. Sending 10 at a time costs less
  CPU per request (measured with fixed fields: the Pay node at its default 0.98–1.03× the
  reference node, both one at a time 1.13×, both 10 at a time 1.17×, 11 paired rounds each, before
  the changes that followed). A plain axios loop is no target any more: n8n's HTTP helper builds a
  new agent, and so a new connection, for every request (\`buildNodeAgents\` in n8n-core 2.41),
  and community nodes must send through it; the loop's figures are in the context row. The
  reference node reads its parameters per item through n8n's \`getNodeParameter\`, as a node
  written the plain way does. The Pay node reads a field set
  without an expression once per run of the node, and a field mapped straight from the input item
  (\`{{ $json.amount }}\`, as dragging a field from the input panel writes it) from the item's
  json when it holds a string, number or boolean there (\`nodes/Pay/execution/\`:
  \`readParameter.ts\`, \`mappedItemField.ts\`; any other expression goes to n8n). So where fields
  are mapped it takes less CPU than the reference node. With fixed fields, where the reference
  node's reads cost little, what the Pay node does on top shows: it validates, derives the
  idempotency key (hashing included), masks secrets in the answer, normalises the payment view and
  keeps the answer in the at-most-once ledger until the run ends, about 0.05–0.07 ms of CPU per
  creation (process CPU of the two nodes' runs, user time apart); the row gives its profile when it
  misses its target.
- **How cost grows**: CPU time per item stays flat from 1,000 to 10,000 creations (per item it is
  lower at 10,000: the run's fixed costs spread over more items), and after the run the
  at-most-once ledger holds nothing (a run whose every item succeeded is released), the durable
  guard of the Reference (its per-node turns ordering the calls to n8n's deduplication store)
  holds nothing after 1,000 transfers, and the heap is back where it was.
- **vs n8n's HTTP Request node**: every round runs workflows imported for it, so that each Pay
  creation is a creation (the Pay node derives the idempotency key from the workflow: the same
  workflow run again would measure the service refusing repeated keys). A CPU profile of
  \`n8n execute\` in n8n ${BENCH_N8N_VERSION} (\`PAY_BENCH_N8N_NODE_ARGS='--cpu-prof …'\`), 1,000
  creations, showed where the time goes: n8n ${BENCH_N8N_VERSION} works out every expression in
  its expression runtime, about 0.5 ms of CPU each (\`execute\` in
  \`@n8n/expression-runtime\`'s \`isolated-vm-bridge.js\`, reached through
  \`getNodeParameter\`: 616 ms of the Pay node's run, 699 ms of the HTTP Request node's). Both
  nodes had two per item (Pay: Amount and Description; HTTP Request: the JSON body and the
  Authorization header), and the HTTP Request node overlaps its answers with that work by starting
  every request at once, so the Pay node was 1.07–1.11× its time. The Pay node now reads the two
  mapped fields from the item: no expression runtime left in its profile, and at 1,000 items and
  the nodes' defaults this benchmark measured 2,048 ms (1.07×) before and 929 ms (0.46×) after. Items at
  Once defaults to 10 for reads and payment creations (nothing there can happen twice: reads change
  nothing, each creation carries its idempotency key); operations that move money stay one at a
  time.
- **Payouts vs n8n's HTTP Request node** (Transfer → Send, Withdrawal → Withdraw) are measured
  where they matter, against a sandbox answering every request after 150 ms as the live service
  does (\`PAY_BENCH_LATENCY_MS\`), and with both nodes holding the same number of requests in flight:
  the HTTP Request node starts each batch without waiting for the previous one's answers, so its
  batches are set as far apart as the latency (1 or 10 per batch), and each row gives what the
  sandbox saw each node have in flight (typically, and at most: one of the HTTP Request node's
  batches now and then starts before the last answer of the one before). The Pay node pays one
  claim wait (0.5 s, docs/SAFETY.md "Never twice") before its first send: what keeps two workers
  from sending one Reference twice (n8n offers a node no lock on its records and no sign that no
  other process writes them) and what lets the service's transfer list settle a lost answer; after
  it, ten items per Items at Once are claimed while the ones before them are sent, which at 150 ms
  an answer covers the next claims' wait twice over. The ideal is items × latency ÷ in flight + that
  wait; on a machine shared with other jobs both nodes spend a few ms of CPU per request beyond the
  latency (n8n's HTTP helper opens a new connection for each, n8n's engine builds each request), so
  the HTTP Request node itself is that much over the ideal. Against a sandbox answering at once the
  payouts' rows are context: the claims, not the wire, then set the pace of a run one at a time
  (ten items per half second).
- **Memory.** The peak is garbage that V8 collects late, and when it collects depends on the
  process more than on the node. After a full collection V8 lets the heap grow to about four
  times what survived it before the next one starts, so every megabyte alive at the start counts
  about three times in the peak; the probe runs compiled, without ts-node, for that reason. What
  the run needs is the capped figure: with V8's old space limited, the same 10,000 items complete
  with a small fraction of the default peak. The row also says whose code allocated what reached
  the old generation (V8's sampling heap profiler, bench/oldGenerationOrigins.ts): almost all of
  it is axios and Node's http objects, created per request by n8n's HTTP helper (two new agents,
  \`buildNodeAgents\` in \`@n8n/backend-network\`, and a new connection for every request);
  this package's share is its output, the normalised payment of each item. The reference node,
  which keeps only the raw answers, peaks within a few megabytes of the Pay node, so the target
  is out of reach of any node that sends through n8n's helper in this process. It was met (131 MB)
  on Node 20 with n8n-core 2.8, whose engine left 37 MB alive at the start against 46 MB now.
- **Concurrency.** The gain from 10 requests in flight is bounded by what each request costs
  besides the service's latency: n8n's HTTP helper opens a new connection for each, and n8n's engine
  spends CPU on every item; the Pay node spends less per item than the reference node (fixed fields
  read once, mapped fields from the item), so at 10 at a time it is the faster of the two. Its
  gain sits close to the reference node's all the same, since it is also the faster at one at a
  time. Both nodes run twice at 10 before anything is measured, then in five rounds, each
  running both at 1 and at 10, which goes first alternating: measured one node after the other,
  the machine's drift from minute to minute decided the comparison.
- **Trigger under load.** n8n ${BENCH_N8N_VERSION} takes an expression isolate for the webhook phase of
  every callback to a start node other than its own Webhook node v2 with fixed parameters
  (\`webhookPhaseNeedsIsolate\` in n8n's \`live-webhooks.js\`): a community trigger pays it before
  its own code runs, as n8n's Webhook node v1 does. So the row measures five start nodes on the
  same path (a published workflow, answered on receipt): Webhook v2 with Header Auth (the
  comparison), Webhook v1 with Header Auth (v1 − v2 is what n8n adds for other start nodes, with
  the credential read and the expression of a version 1), the least any community trigger does
  (\`bench/floorTrigger\`: a trigger at version 2 that starts the workflow with the body and
  checks, reads and keeps nothing; it − v2 is what n8n spends on any community trigger, and the
  Pay Trigger − it is the Pay Trigger's own work), the Pay Trigger as by default and with
  verification off (their difference is the verification, one read of the payment from the
  service), and gives n8n's CPU time per callback beside the wall-time figures, as the CPU time
  is far less disturbed by other work on the machine.
  Profiles of n8n's main thread (the row gives them when it misses) show the isolate taken for
  every callback whatever the start node (for the workflow's run, and for the credential of a node
  that reads it), and 58–86 ms of n8n's CPU per callback in threads that had ended by the end of
  the block, for the Webhook node v2 as for the Pay Trigger. For a start node of version 1 n8n
  also works out an expression per callback (its Webhook node v1's "binary data" option,
  \`parseRequestBody\` in n8n's \`webhook-helpers.js\`): 1.6 s of the main thread's time over 200
  callbacks to the Pay Trigger at version 1, none at version 2; so the Pay Trigger is created at
  version 2, which behaves as version 1 (n8n leaves a body of a type it does not parse unread; the
  trigger reads it).
  The Webhook node with Header Auth fetches and decrypts its credential from n8n's database on every
  request; the Pay Trigger keeps the credential it read for 10 seconds per workflow and credential,
  and a callback whose secret does not match the kept credential makes it read again before
  refusing, so a changed secret works at once and the old one is accepted at most 10 seconds
  longer: that is why the package's own part can come out below Webhook v1's.
  When the answer leaves matters as much as what the node does. The row keeps 20 posts in flight,
  each sent as soon as another is answered; a trigger that answers before n8n has registered the
  run lets runs pile up inside n8n. In one trial the least community trigger, made to answer so,
  took 190.8 ms of n8n's CPU per callback against 164.4 ms answered by n8n, 0.85× the callbacks/s.
  The Pay Trigger answered so until it left its 200 to n8n: 0.81× Webhook v2's callbacks/s before,
  0.96× after, in two otherwise equal trial runs.
- **Queue mode.** The same workflow runs in both modes, and the figure is the Pay node's own time:
  in queue mode the webhook process's hand-over through Redis to a worker comes before the node
  starts and is not in it. What differs inside the node is where n8n keeps the node's records
  (n8n's deduplication store): PostgreSQL over a local connection in queue mode, SQLite inside
  n8n's own process in regular mode. In both, the claims are made ahead of the wire in batches
  (one write and one wait per batch, as far ahead as the wire takes in about a second), and the
  "sent" marks are written while the next items are sent, those of the items answered within a
  tenth of a second in one write: a run of 1,000 writes its record list a few dozen times, one at
  a time as at Items at Once 10, each write of a list in PostgreSQL costing more than in SQLite.
  On a shared machine an execution's time moves by a few tenths of a second to seconds from round
  to round: the row gives every execution, and beside the figure (the difference of the two
  medians) the median of each round's own difference, its two executions having run back to back.
- **Wait for payment.** Each execution waits and is resumed by one POST at a known instant, one at
  a time, and the figure is the time to the start n8n recorded for the next node. The Pay node's
  callback goes to its execution's resume URL, so n8n handles it as it handles the Wait node's
  (\`waiting-webhooks.js\`: the execution loaded, an expression isolate taken, the node's
  \`webhook()\` called, the execution continued); what differs is the node's \`webhook()\`. The
  Pay node reads its credential there (the Callback Secret, and the API key for the verification
  read), and n8n ${BENCH_N8N_VERSION} resolves a credential read outside a node's run (a webhook's
  \`getCredentials\` passes no run data) in a new expression isolate (\`applyDefaultsAndOverwrites\`
  in n8n's \`credentials-helper.js\`): about 100 ms of n8n's CPU per resume, the same for n8n's
  Wait node with Header Auth, which is in the row to show it. The verification read costs a few
  milliseconds against the local sandbox (its round trip, over a network). The Pay Trigger keeps
  its credential for 10 seconds to spare that cost under load; the waiting Pay node reads it on
  every callback, as one execution's callbacks come rarely (a payment, hours later). On this
  shared machine two runs of 40 resumes each gave 1.45× and 1.23× (the Wait node with Header Auth
  1.54× and 1.51×): the Pay node's resume costs what any node that reads a credential in its
  webhook costs there.
`;
