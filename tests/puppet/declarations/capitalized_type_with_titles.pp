# A capitalized type with a titled body declares resources, as its lower-case name does.
Notify { 'x': message => 'hi' }
Notify { 'y': ; 'z': message => 'zed' }
Notify { default: message => 'dflt' ; 'w': }
