# ERB corpus case: mysql/templates/meb.cnf.erb, with plausible variables.
class corpus_case {
  $options = ['options_a', 'options_b']
  notice(template('mysql/meb.cnf.erb'))
}
include corpus_case
