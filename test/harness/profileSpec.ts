/** jest's `spec` project: the sandbox answers with the shapes of service-spec.md. */
process.env.PAY_SANDBOX_PROFILE = 'spec';
