# A method one template defines is there for the templates rendered after
# it (Ruby keeps it on Puppet's template wrapper): a template that includes
# its helpers with function_template, and a later one that calls them.
notify { 'first': message => template('m/main.erb') }
notify { 'later': message => inline_template("<%= shout('again') %>") }
