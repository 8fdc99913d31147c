# ERB corpus case: horizon/templates/_0005_debian_webroot.py.erb, with plausible variables.
class corpus_case {
  notice(template('horizon/_0005_debian_webroot.py.erb'))
}
include corpus_case
