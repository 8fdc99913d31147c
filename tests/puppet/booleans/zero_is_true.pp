if 0 { notice('zero is true') }
if -1 { notice('negative is true') }
