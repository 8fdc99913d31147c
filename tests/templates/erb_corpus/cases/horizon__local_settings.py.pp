# ERB corpus case: horizon/templates/local_settings.py.erb, with plausible variables.
class corpus_case {
  $allowed_hosts = ['allowed_hosts_a', 'allowed_hosts_b']
  $api_versions = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $available_regions = ['available_regions_a', 'available_regions_b']
  $available_themes = ['available_themes_a', 'available_themes_b']
  $cache_allowed_ciphers = 'cache_allowed_ciphers_value'
  $cache_backend = 'cache_backend_value'
  $cache_options = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $cache_server_ip = 'cache_server_ip_value'
  $cache_server_ip_real = ['cache_server_ip_real_a', 'cache_server_ip_real_b']
  $cache_server_port = 'cache_server_port_value'
  $cache_server_url = ['cache_server_url_a', 'cache_server_url_b']
  $cache_tls_allowed_ciphers = 'cache_tls_allowed_ciphers_value'
  $cache_tls_cafile = 'cache_tls_cafile_value'
  $cache_tls_certfile = 'cache_tls_certfile_value'
  $cache_tls_enabled = 'cache_tls_enabled_value'
  $cache_tls_keyfile = 'cache_tls_keyfile_value'
  $cinder_options_real = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $compress_offline = 'compress_offline_value'
  $create_image_defaults = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $customization_module = 'customization_module_value'
  $default_boot_source = 'default_boot_source_value'
  $default_nameserver_1 = 'default_nameserver_1_value'
  $default_nameserver_2 = 'default_nameserver_2_value'
  $default_theme = 'default_theme_value'
  $disable_password_reveal = 'disable_password_reveal_value'
  $disallow_iframe_embed = 'disallow_iframe_embed_value'
  $django_debug = 'django_debug_value'
  $django_log_level_real = 'django_log_level_real_value'
  $django_session_engine = 'django_session_engine_value'
  $django_template_log_level = 'django_template_log_level_value'
  $dropdown_max_items = 'dropdown_max_items_value'
  $enable_secure_proxy_ssl_header = 'enable_secure_proxy_ssl_header_value'
  $enforce_password_check = 'enforce_password_check_value'
  $file_upload_temp_dir = 'file_upload_temp_dir_value'
  $help_url = 'help_url_value'
  $horizon_app_links = 'horizon_app_links_value'
  $horizon_upload_mode = 'horizon_upload_mode_value'
  $hypervisor_options_real = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $image_backend = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $instance_options_real = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $keystone_default_domain = 'keystone_default_domain_value'
  $keystone_default_role = 'keystone_default_role_value'
  $keystone_domain_choices = ['keystone_domain_choices_a', 'keystone_domain_choices_b']
  $keystone_multidomain_support = 'keystone_multidomain_support_value'
  $keystone_url = 'keystone_url_value'
  $log_handlers = ['log_handlers_a', 'log_handlers_b']
  $log_level = 'log_level_value'
  $neutron_options_real = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $openstack_endpoint_type = 'openstack_endpoint_type_value'
  $overview_days_range = 'overview_days_range_value'
  $password_retrieve = 'password_retrieve_value'
  $password_validator = 'password_validator_value'
  $password_validator_help = 'password_validator_help_value'
  $policy_files = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $policy_files_path_real = 'policy_files_path_real_value'
  $secondary_endpoint_type = 'secondary_endpoint_type_value'
  $secret_key = 'secret_key_value'
  $secure_cookies = 'secure_cookies_value'
  $secure_proxy_addr_header = 'secure_proxy_addr_header_value'
  $session_timeout = 'session_timeout_value'
  $site_branding = 'site_branding_value'
  $syslog_facility = 'syslog_facility_value'
  $system_scope_services = ['system_scope_services_a', 'system_scope_services_b']
  $timezone = 'timezone_value'
  $use_simple_tenant_usage = 'use_simple_tenant_usage_value'
  $websso_choices = ['websso_choices_a', 'websso_choices_b']
  $websso_choices_hide_keystone = 'websso_choices_hide_keystone_value'
  $websso_default_redirect = 'websso_default_redirect_value'
  $websso_default_redirect_logout = 'websso_default_redirect_logout_value'
  $websso_default_redirect_protocol = 'websso_default_redirect_protocol_value'
  $websso_default_redirect_region = 'websso_default_redirect_region_value'
  $websso_enabled = 'websso_enabled_value'
  $websso_idp_mapping = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $websso_initial_choice = 'websso_initial_choice_value'
  notice(template('horizon/local_settings.py.erb'))
}
include corpus_case
