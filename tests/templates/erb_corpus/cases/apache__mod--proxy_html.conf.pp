# ERB corpus case: apache/templates/mod/proxy_html.conf.erb, with plausible variables.
class corpus_case {
  notice(template('apache/mod/proxy_html.conf.erb'))
}
include corpus_case
