/**
 * A date of the service as ISO 8601 text, whatever form it arrived in: the creation answer sends
 * ISO text, the live service's detail read epoch milliseconds (1553248799000), and the spec leaves
 * the unit of its numeric dates open (seconds are the other reading).
 *
 * Seconds and milliseconds are told apart by magnitude: 1e11 is 1973-03-03 read as milliseconds and
 * the year 5138 read as seconds, so a number from 1e11 up is milliseconds and a smaller one seconds
 * (every date from 1973 to 5138 is read right). Numeric text counts as the number it holds.
 */
const MILLISECONDS_FROM = 1e11;
const NUMBER = /^\d+(\.\d+)?$/;

/**
 * The ISO text of a date value; `undefined` for "", 0 and anything that is no date (then kept as it
 * came).
 */
export function isoDate(value: unknown): string | undefined {
	if (typeof value === 'number') return fromEpoch(value);
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	const text = value.trim();
	if (NUMBER.test(text)) return fromEpoch(Number(text));
	const time = Date.parse(text);
	return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

function fromEpoch(epoch: number): string | undefined {
	if (!Number.isFinite(epoch) || epoch <= 0) return undefined;
	const date = new Date(epoch >= MILLISECONDS_FROM ? epoch : epoch * 1000);
	return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
