/**
 * The least any community trigger does with a callback, for the Trigger benchmark
 * (bench/triggerLoad.ts): it starts the workflow with the request's body, answered on receipt,
 * and reads no credential, checks nothing, keeps nothing. What n8n spends on a callback to it is
 * what n8n spends on a callback to any community trigger; what the Pay Trigger costs beyond it is
 * the Pay Trigger's own work. Version 2, as the Pay Trigger: for a start node of version 1 n8n
 * also works out an expression on every callback.
 */
class FloorTrigger {
	description = {
		displayName: 'Bench Floor Trigger',
		name: 'floorTrigger',
		group: ['trigger'],
		version: 2,
		description: 'Starts the workflow with the callback body, checking nothing (benchmarks only)',
		defaults: { name: 'Floor Trigger' },
		inputs: [],
		outputs: ['main'],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'floor' }],
		properties: [],
	};

	async webhook() {
		return { workflowData: [[{ json: { body: this.getBodyData() } }]] };
	}
}

module.exports = { FloorTrigger };
