/**
 * Runs `npm run contract`'s entry point in this process against a sandbox, as a user would run it:
 * the credential in environment variables, the rest as arguments. What it printed, its exit code
 * and the two report files it wrote (in a folder of the system's temp folder) come back.
 */
import { mkdtempSync, readFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import type { Sandbox } from '../../../sandbox';
import { main } from '../../../scripts/contract/cli';
import type { ContractReport } from '../../../scripts/contract/runCheck';

export interface ContractRun {
	code: number;
	printed: string;
	markdown: string;
	report: ContractReport;
}

export async function runContract(
	sandbox: Sandbox,
	args: string[],
	env: NodeJS.ProcessEnv = {},
): Promise<ContractRun> {
	const outDir = mkdtempSync(join(tmpdir(), 'pay-contract-'));
	const printed: string[] = [];
	const keep = (...parts: unknown[]) => void printed.push(parts.map(String).join(' '));
	const log = jest.spyOn(console, 'log').mockImplementation(keep);
	const error = jest.spyOn(console, 'error').mockImplementation(keep);
	try {
		const code = await main(['--out', outDir, ...args], {
			PAY_BASE_URL: sandbox.baseUrl,
			PAY_API_KEY: sandbox.demo.apiKey,
			PAY_REFRESH_TOKEN: sandbox.demo.refreshToken,
			...env,
		});
		return {
			code,
			printed: printed.join('\n'),
			markdown: readFileSync(join(outDir, 'report.md'), 'utf8'),
			report: JSON.parse(readFileSync(join(outDir, 'report.json'), 'utf8')) as ContractReport,
		};
	} finally {
		log.mockRestore();
		error.mockRestore();
	}
}

/** A payment link made through the service's API, for `--slug`. */
export async function madeLink(sandbox: Sandbox): Promise<string> {
	const token = await fetch(`${sandbox.baseUrl}/token/refresh/`, {
		method: 'POST',
		headers: { 'x-api-key': sandbox.demo.apiKey, 'content-type': 'application/json' },
		body: JSON.stringify({ refresh: sandbox.demo.refreshToken }),
	});
	const { access } = (await token.json()) as { access: string };
	const created = await fetch(`${sandbox.baseUrl}/pay/`, {
		method: 'POST',
		headers: {
			'x-api-key': sandbox.demo.apiKey,
			authorization: `Bearer ${access}`,
			'content-type': 'application/json',
		},
		body: JSON.stringify({
			amount: 20000,
			description: 'Invoice 7',
			expiration_days: 1,
			payment_method_enabled: JSON.stringify({ pse: true }),
			payer_redirect_url: 'https://example.com/thanks',
			callback: 'https://example.com/callback',
			platform: 'API',
		}),
	});
	return ((await created.json()) as { url: string }).url;
}
