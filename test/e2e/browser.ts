/**
 * Debian's chromium driven by playwright-core. A fresh machine gets chromium from Debian's
 * packages on first use (as root), the way the n8n install is done on first use.
 */
import { execFileSync } from 'child_process';
import { existsSync } from 'fs';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function findChromium(): string {
	const found = CANDIDATES.find((path) => existsSync(path));
	if (found) return found;
	console.log("Installing Debian's chromium for the browser check (apt-get, about a minute)…");
	execFileSync(
		'sh',
		['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'],
		{ stdio: 'inherit' },
	);
	const installed = CANDIDATES.find((path) => existsSync(path));
	if (!installed)
		throw new Error('chromium is not installed and could not be installed with apt-get');
	return installed;
}

export async function launchBrowser(): Promise<Browser> {
	return await chromium.launch({
		executablePath: findChromium(),
		args: ['--no-sandbox', '--disable-dev-shm-usage'],
	});
}
