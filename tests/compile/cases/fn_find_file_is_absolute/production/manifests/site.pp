# find_file and find_template answer absolute paths.
notify { 'file': message => find_file('m/f.txt') }
notify { 'template': message => find_template('m/t.erb') }
