# ERB corpus case: keystone/templates/shibboleth.conf.erb, with plausible variables.
class corpus_case {
  notice(template('keystone/shibboleth.conf.erb'))
}
include corpus_case
