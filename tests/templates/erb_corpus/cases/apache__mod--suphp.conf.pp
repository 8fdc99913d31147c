# ERB corpus case: apache/templates/mod/suphp.conf.erb, with plausible variables.
class corpus_case {
  notice(template('apache/mod/suphp.conf.erb'))
}
include corpus_case
