/**
 * The secret scanner the leak checks rely on: it must catch a leaked CVV and not
 * cry wolf on a timestamp.
 */
import fc from 'fast-check';

import { runDataText, secretsFoundIn } from './secretScan';

const CVV = '7391';

describe('secretsFoundIn', () => {
	it.each([
		['a JSON string value', JSON.stringify({ cvv: CVV })],
		['a JSON number value', JSON.stringify({ cvv: Number(CVV) })],
		['a sentence', `The CVV ${CVV} was refused.`],
		['a form body', `dues=1&cvv=${CVV}&slug=abc`],
		['the start of the text', `${CVV} is the CVV`],
	])('finds a short secret in %s', (_where, text) => {
		expect(secretsFoundIn(text, [CVV]).map((found) => found.secret)).toEqual([CVV]);
	});

	it('does not take a short secret inside a timestamp or an id for a leak', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 0, max: 999_999 }),
				fc.integer({ min: 0, max: 9 }),
				(before, after) => {
					// A 13-digit millisecond time stamp with the CVV's digits inside it.
					const timestamp = Number(`17${String(before).padStart(6, '0')}${CVV}${after}`);
					const slug = `aB${CVV}cD`;
					return secretsFoundIn(JSON.stringify({ startTime: timestamp, slug }), [CVV]).length === 0;
				},
			),
		);
	});

	it('finds a long secret anywhere, even inside other text, and shows where it is', () => {
		const token = 'refresh-token-0123456789';
		const [found] = secretsFoundIn(`{"header":"Bearer x${token}y"}`, [token, 'not-there-at-all']);
		expect(found.secret).toBe(token);
		expect(found.context).toContain('Bearer');
	});

	it("leaves n8n's timings out of a run's text but keeps everything the node wrote", () => {
		const run = {
			resultData: {
				runData: {
					Pay: [
						{
							startTime: 1795443187391,
							executionTime: 99,
							data: { main: [[{ json: { error: 'CVV 99 refused' } }]] },
						},
					],
				},
			},
		};
		const text = runDataText(run);
		expect(text).not.toContain('1795443187391');
		expect(text).not.toContain('executionTime');
		expect(secretsFoundIn(text, ['99']).map((found) => found.secret)).toEqual(['99']);
	});
});
