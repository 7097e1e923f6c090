int raw_cairo_placeholder(void);
