# ERB corpus case: mysql/templates/my.cnf.erb, with plausible variables.
class corpus_case {
  $includedir = 'includedir_value'
  $options = ['options_a', 'options_b']
  notice(template('mysql/my.cnf.erb'))
}
include corpus_case
