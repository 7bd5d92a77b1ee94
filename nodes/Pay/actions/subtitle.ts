import { resources } from './registry';

/**
 * The canvas subtitle: "Request Verification Codes: Account", the names the editor shows, not the
 * values stored in workflows ("requestCodes: account"). n8n evaluates it as an expression, so the
 * names travel inside it; a pair it does not know (a workflow from a newer version) shows its
 * values.
 */
export function buildSubtitle(): string {
	const labels = Object.fromEntries(
		resources.flatMap((resource) =>
			resource.operations.map((operation) => [
				`${resource.value}.${operation.value}`,
				`${operation.name}: ${resource.name}`,
			]),
		),
	);
	return `={{(${JSON.stringify(labels)})[$parameter["resource"] + "." + $parameter["operation"]] || $parameter["operation"] + ": " + $parameter["resource"]}}`;
}
