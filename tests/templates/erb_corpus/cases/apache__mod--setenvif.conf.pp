# ERB corpus case: apache/templates/mod/setenvif.conf.erb, with plausible variables.
class corpus_case {
  notice(template('apache/mod/setenvif.conf.erb'))
}
include corpus_case
