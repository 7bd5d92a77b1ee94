/** Where the editor checks save their screenshots: docs/ only for `npm run docs:screenshots`. */
import { tmpdir } from 'os';
import { join } from 'path';

/** Set by `npm run docs:screenshots` to the folder the README's screenshots live in. */
export const SCREENSHOTS_VARIABLE = 'PAY_SCREENSHOTS_FOLDER';

/** The file a screenshot is saved to: in the temporary folder unless the script asked for docs/. */
export function screenshotPath(name: string): string {
	const folder = process.env[SCREENSHOTS_VARIABLE] ?? join(tmpdir(), 'n8n-nodes-pay-screenshots');
	return join(folder, name);
}
