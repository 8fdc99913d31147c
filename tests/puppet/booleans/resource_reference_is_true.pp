if File['/nope'] { notice('reference is true') }
