# epp() refuses a template that exists only without its .epp extension.
notify { 'epp': message => epp('m/noext') }
