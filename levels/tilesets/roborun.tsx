<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="roborun" tilewidth="64" tileheight="64" tilecount="81" columns="8">
 <image source="roborun.png" width="512" height="704"/>
 <tile id="0">
  <properties>
    <property name="kind" propertytype="SpaceKind" value="floor"/>
    <property name="outlined" type="bool" value="false"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="sprite" value="space_floor"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
    <property name="kind" propertytype="SpaceKind" value="void"/>
    <property name="outlined" type="bool" value="false"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="sprite" value="space_void"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
    <property name="colour" propertytype="Colour" value="green"/>
    <property name="kind" propertytype="SpaceKind" value="exit"/>
    <property name="outlined" type="bool" value="false"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="sprite" value="space_exit_green"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
    <property name="colour" propertytype="Colour" value="red"/>
    <property name="kind" propertytype="SpaceKind" value="exit"/>
    <property name="outlined" type="bool" value="false"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="sprite" value="space_exit_red"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
    <property name="kind" propertytype="SpaceKind" value="hazard"/>
    <property name="outlined" type="bool" value="true"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="variant" propertytype="HazardVariant" value="shredder"/>
    <property name="sprite" value="space_hazard_shredder"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
    <property name="kind" propertytype="SpaceKind" value="hazard"/>
    <property name="outlined" type="bool" value="true"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="variant" propertytype="HazardVariant" value="crusher"/>
    <property name="sprite" value="space_hazard_crusher"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
    <property name="kind" propertytype="SpaceKind" value="hazard"/>
    <property name="outlined" type="bool" value="true"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="variant" propertytype="HazardVariant" value="lava"/>
    <property name="sprite" value="space_hazard_lava"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
    <property name="kind" propertytype="SpaceKind" value="hazard"/>
    <property name="outlined" type="bool" value="true"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="variant" propertytype="HazardVariant" value="acid"/>
    <property name="sprite" value="space_hazard_acid"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
    <property name="kind" propertytype="SpaceKind" value="tunnel"/>
    <property name="outlined" type="bool" value="true"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="sprite" value="space_tunnel"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
    <property name="kind" propertytype="SpaceKind" value="tunnel_exit"/>
    <property name="outlined" type="bool" value="false"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="sprite" value="space_tunnel_exit"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
    <property name="kind" propertytype="SpaceKind" value="lift"/>
    <property name="outlined" type="bool" value="false"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="sprite" value="space_lift"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
    <property name="kind" propertytype="SpaceKind" value="lever"/>
    <property name="outlined" type="bool" value="true"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="sprite" value="space_lever"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
    <property name="direction" propertytype="Direction" value="N"/>
    <property name="kind" propertytype="SpaceKind" value="pusher"/>
    <property name="outlined" type="bool" value="true"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="sprite" value="space_pusher_N"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
    <property name="direction" propertytype="Direction" value="E"/>
    <property name="kind" propertytype="SpaceKind" value="pusher"/>
    <property name="outlined" type="bool" value="true"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="sprite" value="space_pusher_E"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
    <property name="direction" propertytype="Direction" value="S"/>
    <property name="kind" propertytype="SpaceKind" value="pusher"/>
    <property name="outlined" type="bool" value="true"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="sprite" value="space_pusher_S"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
    <property name="direction" propertytype="Direction" value="W"/>
    <property name="kind" propertytype="SpaceKind" value="pusher"/>
    <property name="outlined" type="bool" value="true"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="sprite" value="space_pusher_W"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
    <property name="kind" propertytype="SpaceKind" value="number_changer"/>
    <property name="outlined" type="bool" value="true"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="value" type="int" value="-2"/>
    <property name="sprite" value="space_number_changer_minus2"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
    <property name="kind" propertytype="SpaceKind" value="number_changer"/>
    <property name="outlined" type="bool" value="true"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="value" type="int" value="-1"/>
    <property name="sprite" value="space_number_changer_minus1"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
    <property name="kind" propertytype="SpaceKind" value="number_changer"/>
    <property name="outlined" type="bool" value="true"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="value" type="int" value="1"/>
    <property name="sprite" value="space_number_changer_plus1"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
    <property name="kind" propertytype="SpaceKind" value="number_changer"/>
    <property name="outlined" type="bool" value="true"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="value" type="int" value="2"/>
    <property name="sprite" value="space_number_changer_plus2"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
    <property name="kind" propertytype="SpaceKind" value="number_exchanger"/>
    <property name="outlined" type="bool" value="true"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="value" type="int" value="1"/>
    <property name="sprite" value="space_number_exchanger_1"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
    <property name="kind" propertytype="SpaceKind" value="number_exchanger"/>
    <property name="outlined" type="bool" value="true"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="value" type="int" value="2"/>
    <property name="sprite" value="space_number_exchanger_2"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
    <property name="kind" propertytype="SpaceKind" value="number_exchanger"/>
    <property name="outlined" type="bool" value="true"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="value" type="int" value="3"/>
    <property name="sprite" value="space_number_exchanger_3"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
    <property name="kind" propertytype="SpaceKind" value="number_exchanger"/>
    <property name="outlined" type="bool" value="true"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="value" type="int" value="4"/>
    <property name="sprite" value="space_number_exchanger_4"/>
  </properties>
 </tile>
 <tile id="24">
  <properties>
    <property name="kind" propertytype="SpaceKind" value="number_exchanger"/>
    <property name="outlined" type="bool" value="true"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="value" type="int" value="5"/>
    <property name="sprite" value="space_number_exchanger_5"/>
  </properties>
 </tile>
 <tile id="25">
  <properties>
    <property name="kind" propertytype="SpaceKind" value="number_exchanger"/>
    <property name="outlined" type="bool" value="true"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="value" type="int" value="6"/>
    <property name="sprite" value="space_number_exchanger_6"/>
  </properties>
 </tile>
 <tile id="26">
  <properties>
    <property name="colour" propertytype="Colour" value="green"/>
    <property name="kind" propertytype="SpaceKind" value="hidden_exit"/>
    <property name="outlined" type="bool" value="false"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="value" type="int" value="1"/>
    <property name="sprite" value="space_hidden_exit_green_1"/>
  </properties>
 </tile>
 <tile id="27">
  <properties>
    <property name="colour" propertytype="Colour" value="green"/>
    <property name="kind" propertytype="SpaceKind" value="hidden_exit"/>
    <property name="outlined" type="bool" value="false"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="value" type="int" value="2"/>
    <property name="sprite" value="space_hidden_exit_green_2"/>
  </properties>
 </tile>
 <tile id="28">
  <properties>
    <property name="colour" propertytype="Colour" value="green"/>
    <property name="kind" propertytype="SpaceKind" value="hidden_exit"/>
    <property name="outlined" type="bool" value="false"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="value" type="int" value="3"/>
    <property name="sprite" value="space_hidden_exit_green_3"/>
  </properties>
 </tile>
 <tile id="29">
  <properties>
    <property name="colour" propertytype="Colour" value="green"/>
    <property name="kind" propertytype="SpaceKind" value="hidden_exit"/>
    <property name="outlined" type="bool" value="false"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="value" type="int" value="4"/>
    <property name="sprite" value="space_hidden_exit_green_4"/>
  </properties>
 </tile>
 <tile id="30">
  <properties>
    <property name="colour" propertytype="Colour" value="green"/>
    <property name="kind" propertytype="SpaceKind" value="hidden_exit"/>
    <property name="outlined" type="bool" value="false"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="value" type="int" value="5"/>
    <property name="sprite" value="space_hidden_exit_green_5"/>
  </properties>
 </tile>
 <tile id="31">
  <properties>
    <property name="colour" propertytype="Colour" value="green"/>
    <property name="kind" propertytype="SpaceKind" value="hidden_exit"/>
    <property name="outlined" type="bool" value="false"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="value" type="int" value="6"/>
    <property name="sprite" value="space_hidden_exit_green_6"/>
  </properties>
 </tile>
 <tile id="32">
  <properties>
    <property name="colour" propertytype="Colour" value="red"/>
    <property name="kind" propertytype="SpaceKind" value="hidden_exit"/>
    <property name="outlined" type="bool" value="false"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="value" type="int" value="1"/>
    <property name="sprite" value="space_hidden_exit_red_1"/>
  </properties>
 </tile>
 <tile id="33">
  <properties>
    <property name="colour" propertytype="Colour" value="red"/>
    <property name="kind" propertytype="SpaceKind" value="hidden_exit"/>
    <property name="outlined" type="bool" value="false"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="value" type="int" value="2"/>
    <property name="sprite" value="space_hidden_exit_red_2"/>
  </properties>
 </tile>
 <tile id="34">
  <properties>
    <property name="colour" propertytype="Colour" value="red"/>
    <property name="kind" propertytype="SpaceKind" value="hidden_exit"/>
    <property name="outlined" type="bool" value="false"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="value" type="int" value="3"/>
    <property name="sprite" value="space_hidden_exit_red_3"/>
  </properties>
 </tile>
 <tile id="35">
  <properties>
    <property name="colour" propertytype="Colour" value="red"/>
    <property name="kind" propertytype="SpaceKind" value="hidden_exit"/>
    <property name="outlined" type="bool" value="false"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="value" type="int" value="4"/>
    <property name="sprite" value="space_hidden_exit_red_4"/>
  </properties>
 </tile>
 <tile id="36">
  <properties>
    <property name="colour" propertytype="Colour" value="red"/>
    <property name="kind" propertytype="SpaceKind" value="hidden_exit"/>
    <property name="outlined" type="bool" value="false"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="value" type="int" value="5"/>
    <property name="sprite" value="space_hidden_exit_red_5"/>
  </properties>
 </tile>
 <tile id="37">
  <properties>
    <property name="colour" propertytype="Colour" value="red"/>
    <property name="kind" propertytype="SpaceKind" value="hidden_exit"/>
    <property name="outlined" type="bool" value="false"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="value" type="int" value="6"/>
    <property name="sprite" value="space_hidden_exit_red_6"/>
  </properties>
 </tile>
 <tile id="38">
  <properties>
    <property name="kind" propertytype="SpaceKind" value="button"/>
    <property name="outlined" type="bool" value="false"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="sprite" value="space_button"/>
  </properties>
 </tile>
 <tile id="39">
  <properties>
    <property name="direction" propertytype="Direction" value="N"/>
    <property name="kind" propertytype="SpaceKind" value="production_line"/>
    <property name="outlined" type="bool" value="false"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="sprite" value="space_production_line_N"/>
  </properties>
 </tile>
 <tile id="40">
  <properties>
    <property name="direction" propertytype="Direction" value="E"/>
    <property name="kind" propertytype="SpaceKind" value="production_line"/>
    <property name="outlined" type="bool" value="false"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="sprite" value="space_production_line_E"/>
  </properties>
 </tile>
 <tile id="41">
  <properties>
    <property name="direction" propertytype="Direction" value="S"/>
    <property name="kind" propertytype="SpaceKind" value="production_line"/>
    <property name="outlined" type="bool" value="false"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="sprite" value="space_production_line_S"/>
  </properties>
 </tile>
 <tile id="42">
  <properties>
    <property name="direction" propertytype="Direction" value="W"/>
    <property name="kind" propertytype="SpaceKind" value="production_line"/>
    <property name="outlined" type="bool" value="false"/>
    <property name="role" propertytype="TileRole" value="space"/>
    <property name="sprite" value="space_production_line_W"/>
  </properties>
 </tile>
 <tile id="43">
  <properties>
    <property name="colour" propertytype="Colour" value="green"/>
    <property name="role" propertytype="TileRole" value="robot"/>
    <property name="sprite" value="robot_green"/>
  </properties>
 </tile>
 <tile id="44">
  <properties>
    <property name="colour" propertytype="Colour" value="red"/>
    <property name="role" propertytype="TileRole" value="robot"/>
    <property name="sprite" value="robot_red"/>
  </properties>
 </tile>
 <tile id="45">
  <properties>
    <property name="colour" propertytype="Colour" value="white"/>
    <property name="role" propertytype="TileRole" value="robot"/>
    <property name="sprite" value="robot_white"/>
  </properties>
 </tile>
 <tile id="46">
  <properties>
    <property name="colour" propertytype="Colour" value="purple"/>
    <property name="role" propertytype="TileRole" value="robot"/>
    <property name="sprite" value="robot_purple"/>
  </properties>
 </tile>
 <tile id="47">
  <properties>
    <property name="colour" propertytype="Colour" value="blue"/>
    <property name="role" propertytype="TileRole" value="robot"/>
    <property name="sprite" value="robot_blue"/>
  </properties>
 </tile>
 <tile id="48">
  <properties>
    <property name="kind" propertytype="TokenKind" value="energy"/>
    <property name="role" propertytype="TileRole" value="token"/>
    <property name="sprite" value="token_energy"/>
  </properties>
 </tile>
 <tile id="49">
  <properties>
    <property name="kind" propertytype="TokenKind" value="experience"/>
    <property name="role" propertytype="TileRole" value="token"/>
    <property name="sprite" value="token_experience"/>
  </properties>
 </tile>
 <tile id="50">
  <properties>
    <property name="kind" propertytype="TokenKind" value="equipment"/>
    <property name="role" propertytype="TileRole" value="token"/>
    <property name="sprite" value="token_equipment"/>
  </properties>
 </tile>
 <tile id="51">
  <properties>
    <property name="kind" propertytype="TokenKind" value="key"/>
    <property name="role" propertytype="TileRole" value="token"/>
    <property name="sprite" value="token_key"/>
  </properties>
 </tile>
 <tile id="52">
  <properties>
    <property name="kind" propertytype="TokenKind" value="laser"/>
    <property name="role" propertytype="TileRole" value="token"/>
    <property name="sprite" value="token_laser"/>
  </properties>
 </tile>
 <tile id="53">
  <properties>
    <property name="kind" propertytype="TokenKind" value="number"/>
    <property name="role" propertytype="TileRole" value="token"/>
    <property name="value" type="int" value="1"/>
    <property name="sprite" value="token_number_1"/>
  </properties>
 </tile>
 <tile id="54">
  <properties>
    <property name="kind" propertytype="TokenKind" value="number"/>
    <property name="role" propertytype="TileRole" value="token"/>
    <property name="value" type="int" value="2"/>
    <property name="sprite" value="token_number_2"/>
  </properties>
 </tile>
 <tile id="55">
  <properties>
    <property name="kind" propertytype="TokenKind" value="number"/>
    <property name="role" propertytype="TileRole" value="token"/>
    <property name="value" type="int" value="3"/>
    <property name="sprite" value="token_number_3"/>
  </properties>
 </tile>
 <tile id="56">
  <properties>
    <property name="kind" propertytype="TokenKind" value="number"/>
    <property name="role" propertytype="TileRole" value="token"/>
    <property name="value" type="int" value="4"/>
    <property name="sprite" value="token_number_4"/>
  </properties>
 </tile>
 <tile id="57">
  <properties>
    <property name="kind" propertytype="TokenKind" value="number"/>
    <property name="role" propertytype="TileRole" value="token"/>
    <property name="value" type="int" value="5"/>
    <property name="sprite" value="token_number_5"/>
  </properties>
 </tile>
 <tile id="58">
  <properties>
    <property name="kind" propertytype="TokenKind" value="number"/>
    <property name="role" propertytype="TileRole" value="token"/>
    <property name="value" type="int" value="6"/>
    <property name="sprite" value="token_number_6"/>
  </properties>
 </tile>
 <tile id="59">
  <properties>
    <property name="direction" propertytype="Direction" value="N"/>
    <property name="kind" propertytype="TokenKind" value="production_line"/>
    <property name="role" propertytype="TileRole" value="token"/>
    <property name="sprite" value="token_production_line_N"/>
  </properties>
 </tile>
 <tile id="60">
  <properties>
    <property name="direction" propertytype="Direction" value="E"/>
    <property name="kind" propertytype="TokenKind" value="production_line"/>
    <property name="role" propertytype="TileRole" value="token"/>
    <property name="sprite" value="token_production_line_E"/>
  </properties>
 </tile>
 <tile id="61">
  <properties>
    <property name="direction" propertytype="Direction" value="S"/>
    <property name="kind" propertytype="TokenKind" value="production_line"/>
    <property name="role" propertytype="TileRole" value="token"/>
    <property name="sprite" value="token_production_line_S"/>
  </properties>
 </tile>
 <tile id="62">
  <properties>
    <property name="direction" propertytype="Direction" value="W"/>
    <property name="kind" propertytype="TokenKind" value="production_line"/>
    <property name="role" propertytype="TileRole" value="token"/>
    <property name="sprite" value="token_production_line_W"/>
  </properties>
 </tile>
 <tile id="63">
  <properties>
    <property name="role" propertytype="TileRole" value="spawn"/>
    <property name="value" type="int" value="1"/>
    <property name="sprite" value="spawn_1"/>
  </properties>
 </tile>
 <tile id="64">
  <properties>
    <property name="role" propertytype="TileRole" value="spawn"/>
    <property name="value" type="int" value="2"/>
    <property name="sprite" value="spawn_2"/>
  </properties>
 </tile>
 <tile id="65">
  <properties>
    <property name="role" propertytype="TileRole" value="spawn"/>
    <property name="value" type="int" value="3"/>
    <property name="sprite" value="spawn_3"/>
  </properties>
 </tile>
 <tile id="66">
  <properties>
    <property name="colour" propertytype="Colour" value="green"/>
    <property name="orientation" propertytype="EdgeOrientation" value="h"/>
    <property name="role" propertytype="TileRole" value="gate"/>
    <property name="sprite" value="edge_gate_green_h"/>
  </properties>
 </tile>
 <tile id="67">
  <properties>
    <property name="colour" propertytype="Colour" value="green"/>
    <property name="orientation" propertytype="EdgeOrientation" value="v"/>
    <property name="role" propertytype="TileRole" value="gate"/>
    <property name="sprite" value="edge_gate_green_v"/>
  </properties>
 </tile>
 <tile id="68">
  <properties>
    <property name="colour" propertytype="Colour" value="red"/>
    <property name="orientation" propertytype="EdgeOrientation" value="h"/>
    <property name="role" propertytype="TileRole" value="gate"/>
    <property name="sprite" value="edge_gate_red_h"/>
  </properties>
 </tile>
 <tile id="69">
  <properties>
    <property name="colour" propertytype="Colour" value="red"/>
    <property name="orientation" propertytype="EdgeOrientation" value="v"/>
    <property name="role" propertytype="TileRole" value="gate"/>
    <property name="sprite" value="edge_gate_red_v"/>
  </properties>
 </tile>
 <tile id="70">
  <properties>
    <property name="colour" propertytype="Colour" value="white"/>
    <property name="orientation" propertytype="EdgeOrientation" value="h"/>
    <property name="role" propertytype="TileRole" value="gate"/>
    <property name="sprite" value="edge_gate_white_h"/>
  </properties>
 </tile>
 <tile id="71">
  <properties>
    <property name="colour" propertytype="Colour" value="white"/>
    <property name="orientation" propertytype="EdgeOrientation" value="v"/>
    <property name="role" propertytype="TileRole" value="gate"/>
    <property name="sprite" value="edge_gate_white_v"/>
  </properties>
 </tile>
 <tile id="72">
  <properties>
    <property name="colour" propertytype="Colour" value="purple"/>
    <property name="orientation" propertytype="EdgeOrientation" value="h"/>
    <property name="role" propertytype="TileRole" value="gate"/>
    <property name="sprite" value="edge_gate_purple_h"/>
  </properties>
 </tile>
 <tile id="73">
  <properties>
    <property name="colour" propertytype="Colour" value="purple"/>
    <property name="orientation" propertytype="EdgeOrientation" value="v"/>
    <property name="role" propertytype="TileRole" value="gate"/>
    <property name="sprite" value="edge_gate_purple_v"/>
  </properties>
 </tile>
 <tile id="74">
  <properties>
    <property name="colour" propertytype="Colour" value="blue"/>
    <property name="orientation" propertytype="EdgeOrientation" value="h"/>
    <property name="role" propertytype="TileRole" value="gate"/>
    <property name="sprite" value="edge_gate_blue_h"/>
  </properties>
 </tile>
 <tile id="75">
  <properties>
    <property name="colour" propertytype="Colour" value="blue"/>
    <property name="orientation" propertytype="EdgeOrientation" value="v"/>
    <property name="role" propertytype="TileRole" value="gate"/>
    <property name="sprite" value="edge_gate_blue_v"/>
  </properties>
 </tile>
 <tile id="76">
  <properties>
    <property name="colour" value="green,red"/>
    <property name="orientation" propertytype="EdgeOrientation" value="h"/>
    <property name="role" propertytype="TileRole" value="gate"/>
    <property name="sprite" value="edge_gate_green_red_h"/>
  </properties>
 </tile>
 <tile id="77">
  <properties>
    <property name="colour" value="green,red"/>
    <property name="orientation" propertytype="EdgeOrientation" value="v"/>
    <property name="role" propertytype="TileRole" value="gate"/>
    <property name="sprite" value="edge_gate_green_red_v"/>
  </properties>
 </tile>
 <tile id="78">
  <properties>
    <property name="orientation" propertytype="EdgeOrientation" value="h"/>
    <property name="role" propertytype="TileRole" value="wall"/>
    <property name="sprite" value="edge_wall_h"/>
  </properties>
 </tile>
 <tile id="79">
  <properties>
    <property name="orientation" propertytype="EdgeOrientation" value="v"/>
    <property name="role" propertytype="TileRole" value="wall"/>
    <property name="sprite" value="edge_wall_v"/>
  </properties>
 </tile>
 <tile id="80">
  <properties>
    <property name="kind" propertytype="TokenKind" value="wall"/>
    <property name="role" propertytype="TileRole" value="token"/>
    <property name="sprite" value="token_wall"/>
  </properties>
 </tile>
</tileset>
