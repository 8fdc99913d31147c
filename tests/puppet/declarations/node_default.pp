node default { notice('in node default') }
notice('top level first')
