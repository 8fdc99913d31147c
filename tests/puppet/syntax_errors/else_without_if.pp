else { notice('x') }
