import { updateDisplayOptions } from 'n8n-workflow';
import type { INodeProperties } from 'n8n-workflow';

import { toolSettingsProperties } from '../tool/toolSettings';
import { referenceProperty } from '../execution/derivedReference';
import { resources } from './registry';
import { simplifyProperty } from './simplify';
import type { PayOperation } from './types';

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/**
 * The node's fields: the resource selector, one operation selector per resource, then each
 * operation's fields.
 */
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
		// A plain name, not resource.defaultOperation: n8n's lint takes a member expression for a
		// missing default.
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
					action: actionSayingItMovesMoney(operation),
				}))
				.sort(byName),
			default: defaultOperation,
		};
		const fields = resource.operations.flatMap((operation) =>
			updateDisplayOptions({ show: { resource: [resource.value], operation: [operation.value] } }, [
				...withSimplifyField(operation),
				...(operation.money ? [referenceProperty] : []),
				...toolSettingsProperties(operation.money),
			]),
		);
		return [operationSelector, ...fields];
	});

	return [resourceSelector, ...perResource];
}

/**
 * The operation's fields, with Simplify before its Options (where n8n's nodes have it)
 * when it has one.
 */
function withSimplifyField(operation: PayOperation): INodeProperties[] {
	const { properties } = operation;
	if (!operation.simplify) return properties;
	const optionsAt = properties.findIndex((property) => property.name === 'options');
	const at = optionsAt < 0 ? properties.length : optionsAt;
	return [...properties.slice(0, at), simplifyProperty, ...properties.slice(at)];
}

/**
 * n8n describes a tool to the model by its action ("<action> in Pay"): the action of an operation
 * that moves money says so, for the model and for the user picking it in the nodes panel.
 */
function actionSayingItMovesMoney(operation: PayOperation): string {
	return operation.money ? `${operation.action} (moves real money)` : operation.action;
}
