notice(find_template('openstacklib/nonexistent.erb', ['also/missing.erb']))
