import { updateDisplayOptions } from 'n8n-workflow';
import type { INodeProperties } from 'n8n-workflow';

import { actionSayingItMovesMoney } from '../tool/moneyOperations';
import { toolSettingsProperties } from '../tool/toolSettings';
import { referenceProperty } from './referenceField';
import { resources } from './registry';

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** The node's fields: the resource selector, one operation selector per resource, then each operation's fields. */
export function buildOperationProperties(): INodeProperties[] {
	const resourceSelector: INodeProperties = {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: resources
			.map((resource) => ({
				name: resource.name,
				value: resource.value,
				description: resource.description,
			}))
			.sort(byName),
		default: 'payment',
	};

	const perResource = resources.flatMap((resource) => {
		// A plain name, not resource.defaultOperation: n8n's lint takes a member expression for a missing default.
		const defaultOperation = resource.defaultOperation;
		const operationSelector: INodeProperties = {
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource.value] } },
			options: resource.operations
				.map((operation) => ({
					name: operation.name,
					value: operation.value,
					description: operation.description,
					action: actionSayingItMovesMoney(resource.value, operation.value, operation.action),
				}))
				.sort(byName),
			default: defaultOperation,
		};
		const fields = resource.operations.flatMap((operation) =>
			updateDisplayOptions({ show: { resource: [resource.value], operation: [operation.value] } }, [
				...(operation.movesMoney
					? [...operation.properties, referenceProperty]
					: operation.properties),
				...toolSettingsProperties(resource.value, operation.value),
			]),
		);
		return [operationSelector, ...fields];
	});

	return [resourceSelector, ...perResource];
}
