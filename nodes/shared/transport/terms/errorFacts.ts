import type { IDataObject } from 'n8n-workflow';

// The outcomes and what each means (the failure table gives a failure its own).
import type { FailureOutcome } from './outcomes';

/**
 * What a failed item tells a Continue On Fail branch besides its message, carried in the n8n
 * error's `context`. Set by whoever raises the error (the transport, the field readers, an
 * operation), read by the item pipeline: one type, so a name cannot drift between them.
 */
export interface ErrorFacts {
	/** Whether anything reached the service and what became of it. */
	outcome?: FailureOutcome;
	/** The service's own words, when it answered with them. */
	detail?: string;
	/** The field, as the editor names it, whose value was refused before sending. */
	field?: string;
	/** The service's code (`PAY_IS_PAYED`, `NOT_FOUND` …) when it answered one. */
	code?: string;
}

/** Writes the facts into the error's context, leaving out those not given. */
export function setErrorFacts(error: { context: IDataObject }, facts: ErrorFacts): void {
	for (const [name, value] of Object.entries(facts))
		if (value !== undefined) error.context[name] = value;
}

/** The facts an error carries, if it carries any (errors of other origins carry none). */
export function readErrorFacts(error: unknown): ErrorFacts {
	const context = (error as { context?: IDataObject } | undefined)?.context;
	if (context === undefined || context === null) return {};
	const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
	return {
		outcome: text(context.outcome) as FailureOutcome | undefined,
		detail: text(context.detail),
		field: text(context.field),
		code: text(context.code),
	};
}
