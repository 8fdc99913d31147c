# ERB corpus case: apache/templates/mod/auth_cas.conf.erb, with plausible variables.
class corpus_case {
  $cas_attribute_delimiter = 'cas_attribute_delimiter_value'
  $cas_attribute_prefix = 'cas_attribute_prefix_value'
  $cas_authoritative = 'cas_authoritative_value'
  $cas_cache_clean_interval = 'cas_cache_clean_interval_value'
  $cas_certificate_path = 'cas_certificate_path_value'
  $cas_cookie_domain = 'cas_cookie_domain_value'
  $cas_cookie_entropy = 'cas_cookie_entropy_value'
  $cas_cookie_http_only = 'cas_cookie_http_only_value'
  $cas_cookie_path = 'cas_cookie_path_value'
  $cas_debug = 'cas_debug_value'
  $cas_idle_timeout = 'cas_idle_timeout_value'
  $cas_login_url = 'cas_login_url_value'
  $cas_proxy_validate_url = 'cas_proxy_validate_url_value'
  $cas_root_proxied_as = 'cas_root_proxied_as_value'
  $cas_scrub_request_headers = 'cas_scrub_request_headers_value'
  $cas_sso_enabled = 'cas_sso_enabled_value'
  $cas_timeout = 'cas_timeout_value'
  $cas_validate_depth = 'cas_validate_depth_value'
  $cas_validate_saml = 'cas_validate_saml_value'
  $cas_validate_server = 'cas_validate_server_value'
  $cas_validate_url = 'cas_validate_url_value'
  $cas_version = 'cas_version_value'
  notice(template('apache/mod/auth_cas.conf.erb'))
}
include corpus_case
