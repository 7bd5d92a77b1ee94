/** jest's `observed` project: the sandbox answers as the live service's real clients see it. */
process.env.PAY_SANDBOX_PROFILE = 'observed';
