# ERB corpus case: haproxy/templates/empty.erb, with plausible variables.
class corpus_case {
  notice(template('haproxy/empty.erb'))
}
include corpus_case
