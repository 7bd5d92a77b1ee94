/**
 * One call of the check: sent, then judged against each expected reading and by the node's own
 * reader. The result holds types and paths only; the value is handed back apart, for the next call.
 */
import { failureCode } from './failureCode';
import type { Difference } from './compareShape';
import { compareShape } from './compareShape';
import type { Expected, Reading } from './expected/reading';
import { typesOnly } from './jsonType';
import type { NodeReading } from './nodeReadings';
import { readsAsFailure } from './nodeReadings';
import type { WireRequest } from './wire';
import { send } from './wire';

export interface ContractCall {
	name: string;
	/** The request as the report shows it: its route, never a slug or a card id. */
	route: string;
	request: WireRequest;
	expected: Expected;
	nodeReading: NodeReading;
}

export type Outcome = 'matches' | 'differs' | 'failed' | 'unreachable' | 'skipped';

export interface ReadingComparison {
	/** The JSON encodings expected in this reading. */
	layers: number;
	differences: Difference[];
}

export interface CallResult {
	name: string;
	route: string;
	outcome: Outcome;
	status?: number;
	/** How many times the body was encoded as JSON. */
	layers?: number;
	/** What came back, every value replaced by its type. */
	cameBack?: unknown;
	/** The readings it matches, of those compared. */
	matching: Reading[];
	readings: Partial<Record<Reading, ReadingComparison>>;
	/** What the node's own reader could not find in it. */
	nodeReading: string[];
	/** The service's code in a failure body (`NOT_ALLOWED`), never its sentence. */
	code?: string;
	note?: string;
}

export interface Session {
	baseUrl: string;
	apiKey: string;
	accessToken?: string;
	readings: readonly Reading[];
}

export async function checkCall(
	session: Session,
	call: ContractCall,
): Promise<{ result: CallResult; value?: unknown }> {
	const headers: Record<string, string> = { 'x-api-key': session.apiKey };
	if (session.accessToken) headers.authorization = `Bearer ${session.accessToken}`;
	const base = { name: call.name, route: call.route, matching: [], readings: {}, nodeReading: [] };
	const answer = await send(session.baseUrl, call.request, headers);
	if (!answer.reached) return { result: { ...base, outcome: 'unreachable', note: answer.why } };
	if (!answer.readable)
		return { result: { ...base, outcome: 'failed', status: answer.status, note: 'not JSON' } };
	const { status, layers, value } = answer;
	const seen = { ...base, status, layers, cameBack: typesOnly(value) };
	const succeeded = status >= 200 && status < 300;
	const asFailure = succeeded ? readsAsFailure(value) : [];
	if (!succeeded || asFailure.length > 0)
		return {
			result: { ...seen, outcome: 'failed', code: failureCode(value), nodeReading: asFailure },
		};
	const readings: CallResult['readings'] = {};
	for (const reading of session.readings) {
		const expected = call.expected[reading];
		const differences = compareShape(expected.example, value);
		readings[reading] = { layers: expected.layers, differences };
	}
	const matching = session.readings.filter(
		(reading) =>
			readings[reading]?.differences.length === 0 && readings[reading]?.layers === layers,
	);
	const nodeReading = call.nodeReading(value);
	const outcome = matching.length > 0 && nodeReading.length === 0 ? 'matches' : 'differs';
	return { result: { ...seen, outcome, matching, readings, nodeReading }, value };
}

export function skipped(call: Pick<ContractCall, 'name' | 'route'>, note: string): CallResult {
	return { ...call, outcome: 'skipped', matching: [], readings: {}, nodeReading: [], note };
}
