# ERB corpus case: apache/templates/mod/load.erb, with plausible variables.
class corpus_case {
  $_id = '_id_value'
  $_path = '_path_value'
  $loadfiles = ['loadfiles_a', 'loadfiles_b']
  notice(template('apache/mod/load.erb'))
}
include corpus_case
