# ERB corpus case: apache/templates/ports_header.erb, with plausible variables.
class corpus_case {
  notice(template('apache/ports_header.erb'))
}
include corpus_case
