# ERB corpus case: apache/templates/vhost/_setenv.erb, with plausible variables.
class corpus_case {
  $setenv = ['setenv_a', 'setenv_b']
  $setenvif = ['setenvif_a', 'setenvif_b']
  $setenvifnocase = ['setenvifnocase_a', 'setenvifnocase_b']
  notice(template('apache/vhost/_setenv.erb'))
}
include corpus_case
