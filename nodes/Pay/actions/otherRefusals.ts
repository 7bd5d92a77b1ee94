import { LISTED_IN_A_STOP } from '../execution/runJournal';

/** The first refused item's error, naming the others a person will have to mend too. */
export function withOtherRefusals(
	error: unknown,
	refused: Map<number, unknown>,
	itemCount: number,
): unknown {
	if (refused.size < 2 || typeof error !== 'object' || error === null) return error;
	const others = [...refused.keys()].slice(1);
	const listed = others.slice(0, LISTED_IN_A_STOP).join(', ');
	const more =
		others.length > LISTED_IN_A_STOP ? ` and ${others.length - LISTED_IN_A_STOP} more` : '';
	const failure = error as { description?: string | null };
	const also = `Every item's input is checked before anything is sent: ${refused.size} of ${itemCount} items were refused (also items ${listed}${more}).`;
	failure.description = failure.description ? `${failure.description} ${also}` : also;
	return error;
}
