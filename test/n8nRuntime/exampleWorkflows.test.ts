/**
 * The example workflows as n8n takes them. n8n saves a workflow's static data only for an id of at
 * most 21 characters (its `isWorkflowIdValid`, 2.8.4 and 2.41.1 alike): with a longer id the Pay
 * Trigger's repeat records never reached the database.
 */
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

import { EXAMPLES_DIR } from '../../scripts/n8nRuntime/paths';

const examples = readdirSync(EXAMPLES_DIR)
	.filter((name) => name.endsWith('.json'))
	.map((name) => ({
		name,
		workflow: JSON.parse(readFileSync(join(EXAMPLES_DIR, name), 'utf8')) as { id: string },
	}));

describe('example workflows', () => {
	it.each(examples.map(({ name, workflow }) => [name, workflow.id]))(
		'%s has an id n8n saves static data for (%s)',
		(_name, id) => {
			expect(id.length).toBeGreaterThan(0);
			expect(id.length).toBeLessThanOrEqual(21);
		},
	);
});
