/** `npm run sandbox`: the sandbox on a fixed loopback port, with a ready demo account printed. */
import { SANDBOX_PROFILES, isSandboxProfile, startSandbox } from './index';
import type { SandboxProfile } from './index';

/**
 * `--profile spec` (or PAY_SANDBOX_PROFILE=spec) answers with the spec's shapes;
 * `observed` is the default.
 */
export function profileFromArguments(argv: string[], env: NodeJS.ProcessEnv): SandboxProfile {
	const flag = argv.indexOf('--profile');
	const given = flag >= 0 ? argv[flag + 1] : env.PAY_SANDBOX_PROFILE;
	if (given === undefined || given === '') return 'observed';
	if (!isSandboxProfile(given))
		throw new Error(`Unknown profile "${given}": use one of ${SANDBOX_PROFILES.join(', ')}.`);
	return given;
}

async function main(): Promise<void> {
	const port = Number(process.env.PAY_SANDBOX_PORT ?? 4010);
	const sandbox = await startSandbox({
		profile: profileFromArguments(process.argv.slice(2), process.env),
		port,
		host: process.env.PAY_SANDBOX_HOST ?? '127.0.0.1',
		quiet: process.env.PAY_SANDBOX_QUIET === '1',
		autoPayDelayMs: Number(process.env.PAY_SANDBOX_AUTOPAY_MS ?? 60_000),
		withdrawalStepMs: Number(process.env.PAY_SANDBOX_WITHDRAWAL_STEP_MS ?? 5_000),
		latencyMs: Number(process.env.PAY_SANDBOX_LATENCY_MS ?? 0),
	});
	console.log(describeSandbox(sandbox));
	const stop = () => void sandbox.close().then(() => process.exit(0));
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

export function describeSandbox(sandbox: Awaited<ReturnType<typeof startSandbox>>): string {
	return [
		`Pay sandbox listening on ${sandbox.baseUrl} (profile "${sandbox.profile}")`,
		'',
		'Credential for n8n ("Pay API"):',
		`  Base URL:       ${sandbox.baseUrl}`,
		`  API Key:        ${sandbox.demo.apiKey}`,
		`  Refresh Token:  ${sandbox.demo.refreshToken}`,
		`  (account "${sandbox.demo.username}", phone ${sandbox.demo.phone}, verified, 1,000,000 COP)`,
		`Account to send balance to: "${sandbox.friend.username}" (phone ${sandbox.friend.phone})`,
		'',
		`Control API: ${sandbox.baseUrl}/_sandbox/  (OTPs: /_sandbox/otp/<slug>, codes: /_sandbox/codes/demo, counters: /_sandbox/counters)`,
		`Checkout page of a payment: ${sandbox.baseUrl}/_sandbox/checkout/<slug>`,
	].join('\n');
}

if (require.main === module) {
	main().catch((error: Error) => {
		console.error(`The sandbox could not start: ${error.message}`);
		process.exit(1);
	});
}
