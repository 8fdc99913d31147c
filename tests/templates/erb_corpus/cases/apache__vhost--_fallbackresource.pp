# ERB corpus case: apache/templates/vhost/_fallbackresource.erb, with plausible variables.
class corpus_case {
  $fallbackresource = 'fallbackresource_value'
  notice(template('apache/vhost/_fallbackresource.erb'))
}
include corpus_case
