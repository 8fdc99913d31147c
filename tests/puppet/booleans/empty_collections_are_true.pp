if [] { notice('empty array true') }
if {} { notice('empty hash true') }
