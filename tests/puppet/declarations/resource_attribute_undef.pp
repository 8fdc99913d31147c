notify { 'u': message => undef }
