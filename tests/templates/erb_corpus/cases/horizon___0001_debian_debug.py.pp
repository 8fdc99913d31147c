# ERB corpus case: horizon/templates/_0001_debian_debug.py.erb, with plausible variables.
class corpus_case {
  $django_debug = 'django_debug_value'
  notice(template('horizon/_0001_debian_debug.py.erb'))
}
include corpus_case
