if 'false' { notice('yes') }
