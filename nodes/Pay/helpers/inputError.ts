import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

import { setErrorFacts } from '../../shared/transport';

/**
 * Bad input, found before anything is sent. The message names the field as the editor shows it
 * (`shownAs`, when it says more than the field's name: "Payment Slug (By URL)"); `field` lets a
 * Continue On Fail branch tell which one.
 */
export function inputError(
	node: INode,
	itemIndex: number,
	field: string,
	problem: string,
	shownAs = field,
): NodeOperationError {
	const error = new NodeOperationError(node, `${shownAs}: ${problem}`, {
		itemIndex,
		description: 'Nothing was sent to the service.',
	});
	setErrorFacts(error, { outcome: 'not_sent', field });
	return error;
}
