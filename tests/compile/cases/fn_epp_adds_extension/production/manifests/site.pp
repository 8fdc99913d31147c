# epp() adds .epp to a name that is not a file as given, even where a
# template of the bare name exists.
notify { 'epp': message => epp('m/noext') }
notify { 'found': message => find_template('m/noext') }
