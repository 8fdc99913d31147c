# A template that does not exist.
notice(template('tpl/nothere.erb'))
