include openstacklib::defaults
