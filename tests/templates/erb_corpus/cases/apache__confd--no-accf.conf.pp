# ERB corpus case: apache/templates/confd/no-accf.conf.erb, with plausible variables.
class corpus_case {
  notice(template('apache/confd/no-accf.conf.erb'))
}
include corpus_case
