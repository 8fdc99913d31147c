# A method called on nil fails as in Ruby, located in the template.
notice(template('tpl/nilmethod.erb'))
